// The study feature's public entry: what other features may use of it.

export { BucketBadge } from './BucketBadge';
