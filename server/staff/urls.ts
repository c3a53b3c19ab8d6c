// Absolute URLs of the console, for what leaves it (the CLI's enrolment link, the admin's copy of one).
import { localizePath, type Language } from "../../shared/languages.ts";
import { staffPaths } from "../../shared/staff/staff-paths.ts";

export function enrolmentUrl(origin: string, language: Language, token: string): string {
  const url = new URL(localizePath(staffPaths.enrol, language), origin);
  url.searchParams.set("token", token);
  return url.href;
}
