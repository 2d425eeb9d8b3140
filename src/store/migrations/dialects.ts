/** The SQL dialects the store runs on; a migration whose SQL differs between them is built per dialect. */
export type DialectName = 'sqlite' | 'postgres';
