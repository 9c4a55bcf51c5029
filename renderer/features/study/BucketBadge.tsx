// A difficulty bucket shown as a small coloured badge.

import type { Bucket } from '../../../shared/domain/difficulty';

const BUCKET_NAMES: Record<Bucket, string> = { easy: 'Easy', medium: 'Medium', hard: 'Hard', unrated: 'Unrated' };

export function BucketBadge({ bucket }: { bucket: Bucket }) {
  return <span className={`badge bucket-${bucket}`}>{BUCKET_NAMES[bucket]}</span>;
}
