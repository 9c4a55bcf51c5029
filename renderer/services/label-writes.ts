// The label writes still on their way to disk, per study, annotator and task, kept by the app
// beyond any one workspace: a workspace reopened at once (back and forth between tasks) waits
// for the writes the last one queued before reading, so it never opens without a label that was
// still on its way to disk, and the label export waits for them so its file holds every label.

export class LabelWrites {
  private readonly latest = new Map<string, Promise<void>>();

  /** Records `chain` (which never rejects) as the latest writes of the study, annotator and task, until it settles. */
  track(studyId: string, annotatorId: string, task: string, chain: Promise<void>): void {
    const key = keyOf(studyId, annotatorId, task);
    this.latest.set(key, chain);
    void chain.then(() => {
      if (this.latest.get(key) === chain) this.latest.delete(key);
    });
  }

  /** Resolves once every write queued so far for the study, annotator and task has settled. */
  settled(studyId: string, annotatorId: string, task: string): Promise<void> {
    return this.latest.get(keyOf(studyId, annotatorId, task)) ?? Promise.resolve();
  }
}

function keyOf(studyId: string, annotatorId: string, task: string): string {
  return JSON.stringify([studyId, annotatorId, task]);
}
