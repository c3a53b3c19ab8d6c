// What the page client needs to parse answers, in a module that only it imports, and only dynamically: in
// the browser build this (and zod with it) loads with the first API answer, never with the page.
export { responseSchema } from "./define.ts";
export { errorEnvelope } from "./envelope.ts";
