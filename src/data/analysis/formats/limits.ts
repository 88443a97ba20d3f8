/** Above this, reading and analysing would freeze the tab for nothing a person pasted or dropped. */
export const MAX_TRANSCRIPT_BYTES = 1_000_000;
