/**
 * The exports' kinds, on their own: the problems' codes name them (problems.ts), and the services' list
 * (services/index.ts), which imports the problems, is checked against them.
 */
export type ExportKind = 'spotify' | 'apple' | 'youtube';
