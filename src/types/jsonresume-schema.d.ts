// @jsonresume/schema ships no types; this declares the part we use: the official JSON Resume
// schema (draft-07) and its validator (the `jsonschema` package, which checks formats too).
declare module "@jsonresume/schema" {
  /** One way a résumé breaks the schema: `path` is where, such as `["work", 0, "startDate"]`. */
  export interface ResumeSchemaError {
    path: (string | number)[];
    message: string;
  }
  const jsonResume: {
    /** Calls back synchronously: the errors (or null) and whether the résumé is valid. */
    validate(resume: unknown, callback: (errors: ResumeSchemaError[] | null, valid: boolean) => void): void;
  };
  export default jsonResume;
}
