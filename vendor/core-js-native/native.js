// Intentionally empty: the platform already has what core-js 2's modules would add (see README.md).
