export const SCOPES = [
  'leads.read',
  'leads.write',
  'leads.export',
  'analytics.read',
  'analytics.manage',
  'communications.dni.assign',
  'sales_visualizer.use',
  'reports.read',
  'reports.write',
  'reports.export_pdf',
  'reports.export_technical',
  'reports.approve',
  'reports.assistant.use',
  // The one addition to the contract's enum (CHANGELOG.md): managing webhook endpoints.
  'webhooks.manage',
] as const;
export type Scope = (typeof SCOPES)[number];

export function isScope(s: string): s is Scope {
  return (SCOPES as readonly string[]).includes(s);
}
