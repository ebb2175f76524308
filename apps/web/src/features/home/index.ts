// The home feature offers nothing to other features: its screens are loaded lazily by app/screenRegistry.ts.
export {};
