// The screen (placements-page.tsx) is not exported here: the router loads it as a chunk of its own.
export { PlacementStatsCard } from './placement-stats-card';
