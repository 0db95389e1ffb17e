import type { RouteDef } from '../route.ts';
import { meRoutes } from './me.ts';
import { pipelineRoutes } from './pipeline.ts';
import { leadRoutes } from './leads.ts';
import { eventRoutes } from './events.ts';
import { analyticsRoutes } from './analytics.ts';
import { reportRoutes } from './reports.ts';
import { visualizationRoutes } from './visualizations.ts';
import { shareLinkRoutes } from './shareLinks.ts';
import { webhookRoutes } from './webhooks.ts';

/** Every endpoint of the API, in the spec's order of groups, then the extensions (webhooks). */
export const allRoutes: RouteDef[] = [
  ...meRoutes,
  ...leadRoutes,
  ...analyticsRoutes,
  ...eventRoutes,
  ...pipelineRoutes,
  ...reportRoutes,
  ...visualizationRoutes,
  ...shareLinkRoutes,
  ...webhookRoutes,
];
