/** The time the server acts on; tests pass a fake one to move time (lockout windows, token expiry). */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
