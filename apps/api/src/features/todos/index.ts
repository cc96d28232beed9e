/**
 * What the todos feature offers the other features: they import it from here, never from its
 * files (the API's feature boundary, enforced by ESLint). Nothing yet: a to-do is its owner's
 * alone, and no other feature (reports, projects, notifications) reads it.
 */
export {};
