/**
 * Ports of the servers the browser tests start: E2E_PORT_BASE + 1, + 2, ... (3300 unless set, so two
 * checkouts can run their suites side by side).
 */
export const e2ePort = (offset: number): number => Number(process.env.E2E_PORT_BASE ?? 3300) + offset
