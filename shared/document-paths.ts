// The site paths of a document's page and of one revision's page, in a module of their own so that only the
// pages that link them pay for them: the shell's first-load JavaScript carries shared/paths.ts.
import { documentsPath } from "./paths.ts";

/** One document's page with its revision history, and the page of one revision: the permanent address a
 * revision's e-mail links to (docs/decisions/040-document-revisions.md). */
export function documentDetailPath(id: string): string {
  return `${documentsPath}/${encodeURIComponent(id)}`;
}
export function documentRevisionPagePath(id: string, revision: string): string {
  return `${documentDetailPath(id)}/rev/${encodeURIComponent(revision)}`;
}
