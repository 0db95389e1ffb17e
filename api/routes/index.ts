import type { RouteDef } from '../route.ts';
import { meRoutes } from './me.ts';
import { pipelineRoutes } from './pipeline.ts';

/** Every endpoint of the API, in the spec's order of groups. */
export const allRoutes: RouteDef[] = [...meRoutes, ...pipelineRoutes];
