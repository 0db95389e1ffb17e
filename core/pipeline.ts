export interface StageInfo {
  id: string;
  key: string;
  sort_order: number;
  is_conversion_stage: boolean;
}

export interface PipelineState {
  stage_id: string;
  stage_timestamps: Record<string, string | null> | null;
  converted_at: string | null;
  funnel_gap_summary: { has_gap: boolean; skipped_stages: string[] } | null;
}

/** The funnel is every stage up to the last conversion stage; stages after it (lost) are exits. */
function funnelOf(stages: StageInfo[]): StageInfo[] {
  const sorted = [...stages].sort((a, b) => a.sort_order - b.sort_order);
  const lastConversion = Math.max(...sorted.filter((s) => s.is_conversion_stage).map((s) => s.sort_order), -Infinity);
  return Number.isFinite(lastConversion) ? sorted.filter((s) => s.sort_order <= lastConversion) : sorted;
}

/** The state of a new lead entering its first stage: no move yet, so no gap summary. */
export function initialPipelineState(stage: StageInfo, now: string): PipelineState {
  return {
    stage_id: stage.id,
    stage_timestamps: { [stage.key]: now },
    converted_at: stage.is_conversion_stage ? now : null,
    funnel_gap_summary: null,
  };
}

/**
 * Moves a lead to `target`: records when the stage was first entered, sets converted_at on the
 * first entry to a conversion stage, and names the funnel stages before the furthest one reached
 * that the lead never entered.
 */
export function moveToStage(state: PipelineState, target: StageInfo, stages: StageInfo[], now: string): PipelineState {
  if (state.stage_id === target.id) return state;
  const stamps = { ...(state.stage_timestamps ?? {}) };
  stamps[target.key] ??= now;
  const funnel = funnelOf(stages);
  const reached = funnel.filter((s) => stamps[s.key]);
  const furthest = Math.max(...reached.map((s) => s.sort_order), -Infinity);
  const skipped = funnel.filter((s) => s.sort_order < furthest && !stamps[s.key]).map((s) => s.key);
  return {
    stage_id: target.id,
    stage_timestamps: stamps,
    converted_at: state.converted_at ?? (target.is_conversion_stage ? now : null),
    funnel_gap_summary: { has_gap: skipped.length > 0, skipped_stages: skipped },
  };
}
