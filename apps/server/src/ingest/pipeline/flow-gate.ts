/** Water marks of the ingest queue (IngestConfig.highWater and lowWater). */
export interface WaterMarks {
  /** Reports queued at which the broker side stops reading devices' connections. */
  highWater: number;
  /** Reports queued below which it reads them again. */
  lowWater: number;
}

/** Whether reading is paused, the reports queued, the connections waiting to be read again, and how often reading was paused since start. */
export interface FlowStats {
  paused: boolean;
  queued: number;
  waiting: number;
  pauses: number;
}

/** What the broker side reads: whether devices' connections may be read now, and a place to wait. */
export interface FlowGate {
  isOpen(): boolean;
  /** `resume` is called once reading may go on (first come, first resumed); the answer cancels the wait. */
  wait(resume: () => void): () => void;
  stats(): FlowStats;
}

export interface FlowControl extends FlowGate {
  /** Tells the gate that the queue changed (a report queued, a batch written). */
  check(): void;
}

/**
 * Backpressure of the ingest: at `highWater` queued reports the gate closes; below `lowWater` it
 * opens and resumes the waiting connections one after the other, stopping again as soon as the
 * queue is back at `highWater`. A connection resumed reads one socket chunk, so the queue overshoots
 * the mark by one chunk at most while it is open.
 */
export function flowGate(marks: WaterMarks, queued: () => number): FlowControl {
  const low = Math.min(marks.lowWater, marks.highWater);
  const waiters = new Set<() => void>();
  let open = true;
  let resuming = false;
  let pauses = 0;

  const resumeWaiting = () => {
    resuming = true;
    try {
      for (const resume of waiters) {
        if (!open) break;
        waiters.delete(resume);
        resume();
      }
    } finally {
      resuming = false;
    }
  };

  const check = () => {
    const n = queued();
    if (open && n >= marks.highWater) {
      open = false;
      pauses += 1;
    } else if (!open && n < low) {
      open = true;
      if (!resuming) resumeWaiting();
    }
  };

  return {
    isOpen: () => open,
    wait(resume) {
      waiters.add(resume);
      return () => void waiters.delete(resume);
    },
    stats: () => ({ paused: !open, queued: queued(), waiting: waiters.size, pauses }),
    check,
  };
}

/** The gate of a sink that does not queue (tests' memory sink): always open. */
export const OPEN_GATE: FlowGate = {
  isOpen: () => true,
  wait: () => () => undefined,
  stats: () => ({ paused: false, queued: 0, waiting: 0, pauses: 0 }),
};
