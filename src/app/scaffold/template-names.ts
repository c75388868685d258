// The spider templates `genspider --template` offers: one list for the command line's choices and the writer's
// type, in a file of its own so the command line can name them without loading the templates at start-up.
export const TEMPLATE_NAMES = ['basic', 'browser', 'structured', 'rate-matrix', 'api', 'sitemap'] as const;

export type TemplateName = (typeof TEMPLATE_NAMES)[number];
