/**
 * The shape of the generated data reference (src/generated/data-reference.gen.ts, written by
 * `npm run generate:data` from schema/data): the tables and fields a BI tool sees.
 */
export interface FieldReference {
  /** Dotted path, e.g. "analysis.churnRisk.level"; "[]" marks the items of a list. */
  readonly path: string;
  readonly type: string;
  readonly required: boolean;
  readonly description: string;
  readonly values?: readonly string[];
}

export interface EntityReference {
  readonly name: string;
  /** The schema file it is generated from. */
  readonly file: string;
  readonly description: string;
  readonly fields: readonly FieldReference[];
}
