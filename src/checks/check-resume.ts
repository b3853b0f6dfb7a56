import jsonResume from "@jsonresume/schema";
import { portfolioPaths } from "../api/portfolio/paths.ts";
import { JSON_RESUME_SCHEMA_URL } from "../api/portfolio/resume.ts";
import type { ValidationProblem } from "./validate-site.ts";

/** The résumé, relative to the output folder. */
export const RESUME_FILE = portfolioPaths.resume.replace(/^\//, "");

/**
 * Holds /api/v1/resume.json to the official JSON Resume schema, as the tools that read it do.
 * Its OpenAPI path only asks for an object: the official schema is the contract, and it is
 * draft-07 (formats, partial dates) where our validator speaks 2020-12.
 */
export function checkResume(text: string): ValidationProblem[] {
  let resume: unknown;
  try {
    resume = JSON.parse(text);
  } catch {
    // An unparsable file is left to the OpenAPI check, which reports it once.
    return [];
  }
  const problems: ValidationProblem[] = [];
  jsonResume.validate(resume, (errors) => {
    for (const error of errors ?? []) {
      const rule = `${error.message} [JSON Resume schema ${JSON_RESUME_SCHEMA_URL}]`;
      problems.push({ file: RESUME_FILE, pointer: `/${error.path.join("/")}`, rule });
    }
  });
  return problems;
}
