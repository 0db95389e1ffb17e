import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import type { Db } from '../../storage/db.ts';
import { findWorkspace } from '../../storage/workspaces.ts';
import { findLead, findLeadByPhone } from '../../storage/leads.ts';
import { insertCommunications, type CommunicationInput } from '../../storage/communications.ts';
import { normalizeUsPhone } from '../../core/phone.ts';
import { CliError, requireFlag, requirePositional, type Command, workspaceNotFound } from '../args.ts';
import type { Progress } from '../progress.ts';

const text = z.string().min(1).max(500);
const CommunicationLine = z
  .object({
    lead_id: z.string().min(1).max(200).optional(),
    phone: z.string().max(40).optional(),
    channel: z.enum(['call', 'sms']),
    direction: z.enum(['inbound', 'outbound']),
    status: z.enum(['answered', 'missed', 'voicemail', 'delivered', 'received']),
    started_at: z.iso.datetime({ offset: true }),
    duration_seconds: z.number().int().min(0).nullable().optional(),
    thread_id: text.nullable().optional(),
    tracking_number: z
      .object({
        label: text.nullable().optional(),
        phone_last4: z
          .string()
          .regex(/^\d{4}$/)
          .nullable()
          .optional(),
        national_format: text.nullable().optional(),
      })
      .strict()
      .nullable()
      .optional(),
    source: text.nullable().optional(),
    campaign: text.nullable().optional(),
    approved: z.boolean().default(true),
  })
  .strict()
  .superRefine((c, ctx) => {
    if (!c.lead_id === !c.phone)
      ctx.addIssue({ code: 'custom', path: ['lead_id'], message: 'exactly one of lead_id or phone is required' });
    const allowed = c.channel === 'call' ? ['answered', 'missed', 'voicemail'] : ['delivered', 'received'];
    if (!allowed.includes(c.status))
      ctx.addIssue({
        code: 'custom',
        path: ['status'],
        message: `must be one of ${allowed.join(', ')} for ${c.channel}`,
      });
  });

/**
 * Reads JSONL calls and SMS and resolves each to an active lead of the workspace (by id, or by
 * the normalized phone: the most recently updated lead with it). Every bad line is reported by
 * number and nothing is stored unless all are good; the caller's transaction makes it atomic.
 */
async function resolveLines(
  tx: Db,
  workspaceId: string,
  lines: string[],
  progress: Progress,
): Promise<CommunicationInput[]> {
  const errors: string[] = [];
  const items: CommunicationInput[] = [];
  for (const [i, line] of lines.entries()) {
    progress.update(i);
    if (!line.trim()) continue;
    const fail = (message: string) => errors.push(`line ${i + 1}: ${message}`);
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch {
      fail('not valid JSON');
      continue;
    }
    const parsed = CommunicationLine.safeParse(json);
    if (!parsed.success) {
      fail(
        parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message].filter(Boolean).join(' ')).join('; '),
      );
      continue;
    }
    const c = parsed.data;
    let leadId: string | undefined;
    if (c.lead_id) {
      leadId = (await findLead(tx, workspaceId, c.lead_id))?.id;
      if (!leadId) fail(`lead_id ${c.lead_id} is not an active lead of this workspace`);
    } else {
      const digits = normalizeUsPhone(c.phone!);
      if (!digits) fail('phone must be a valid US phone number');
      else if (!(leadId = (await findLeadByPhone(tx, workspaceId, digits))?.id))
        fail(`no active lead has phone ${digits}`);
    }
    if (!leadId) continue;
    // storage fills the optional fields' defaults; only the nested tracking number is reshaped
    const { phone: _phone, tracking_number: tracking, ...fields } = c;
    items.push({
      ...fields,
      lead_id: leadId,
      tracking_label: tracking?.label,
      tracking_phone_last4: tracking?.phone_last4,
      tracking_national_format: tracking?.national_format,
    });
  }
  if (errors.length) throw new CliError(`${errors.length} bad line(s), nothing imported: ${errors.join(' | ')}`);
  return items;
}

export const communicationsCommands = {
  'communications import': {
    summary: 'calls and SMS from JSON lines, matched to leads by lead_id or phone; all or nothing',
    usage: '--workspace ID FILE.jsonl',
    flags: {
      '--workspace ID': 'the workspace',
      'FILE.jsonl': 'one call or SMS per line; a bad line rejects the file with its number',
    },
    run: async (sql, ctx) => {
      const workspaceId = requireFlag(ctx, 'workspace');
      const workspace = await findWorkspace(sql, workspaceId);
      if (!workspace) throw workspaceNotFound(workspaceId);
      const lines = (await readFile(requirePositional(ctx, 0, 'FILE.jsonl'), 'utf8')).split(/\r?\n/);
      const imported = await sql.begin(async (tx) => {
        const resolving = ctx.progress('lines matched to leads', lines.length);
        const items = await resolveLines(tx, workspace.id, lines, resolving);
        resolving.end();
        const storing = ctx.progress('calls and SMS stored', items.length);
        for (let i = 0; i < items.length; i += 2000) {
          await insertCommunications(tx, workspace.id, items.slice(i, i + 2000));
          storing.update(Math.min(i + 2000, items.length));
        }
        storing.end();
        return items.length;
      });
      return { workspace_id: workspace.id, imported };
    },
  },
} satisfies Record<string, Command>;
