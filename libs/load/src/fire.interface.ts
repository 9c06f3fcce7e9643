/** One request of a load generator: resolves with the payload size once the response is decoded and checked. */
export type Fire = (caller: number) => Promise<number>;
