// The demo feature offers nothing to other features: its screens are loaded lazily by app/routes.tsx.
export {};
