// The applicant: the details a visitor gives with a sample order (checked and normalised here) and keeps as
// a saved profile for the next one. Its own module because the sample orders (samples/) and the visitor's
// own data (accounts/) both use it, and neither imports the other's routes for it.
import type { Applicant } from "../../../shared/contract/index.ts";
import { applicantFormFields, validateApplicantForm } from "../../../shared/forms/applicant-form.ts";
import { normalizeEmail, normalizeMainlandMobile } from "../../../shared/forms/validation.ts";
import type { Database } from "../db.ts";
import { ApiError } from "../http.ts";

const collapse = (value: string) => value.trim().replace(/\s+/g, " ");

/** The applicant and sample use, normalised; refused with the SPEC §5 message of the first field that is wrong. */
export function checkApplicant(input: { name: string; phone: string; email: string; companyName: string; position: string }, sampleUse: string) {
  const errors = validateApplicantForm({ ...input, sampleUse });
  const first = applicantFormFields.find((field) => errors[field]);
  if (first) throw new ApiError(errors[first]!);
  const phone = normalizeMainlandMobile(input.phone)!;
  const email = normalizeEmail(input.email)!;
  const applicant: Applicant = {
    name: collapse(input.name),
    phone,
    email,
    companyName: collapse(input.companyName),
    position: collapse(input.position),
  };
  return { applicant, sampleUse: sampleUse.trim() };
}

export function createApplicantProfiles(db: Database, now: () => number) {
  const get = db.prepare("SELECT name, phone, email, company_name AS companyName, position FROM applicant_profiles WHERE user_id = ?");
  const upsert = db.prepare(`INSERT INTO applicant_profiles (user_id, name, phone, email, company_name, position, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT (user_id) DO UPDATE SET name = excluded.name, phone = excluded.phone, email = excluded.email,
      company_name = excluded.company_name, position = excluded.position, updated_at = excluded.updated_at`);
  const remove = db.prepare("DELETE FROM applicant_profiles WHERE user_id = ?");
  return {
    get: (userId: number): Applicant | null => (get.get(userId) as Applicant | undefined) ?? null,
    save(userId: number, a: Applicant): Applicant {
      upsert.run(userId, a.name, a.phone, a.email, a.companyName, a.position, now());
      return a;
    },
    remove: (userId: number) => void remove.run(userId),
  };
}

export type ApplicantProfiles = ReturnType<typeof createApplicantProfiles>;
