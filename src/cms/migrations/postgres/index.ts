import * as migration_20261122_154512_initial from './20261122_154512_initial';

export const migrations = [
  {
    up: migration_20261122_154512_initial.up,
    down: migration_20261122_154512_initial.down,
    name: '20261122_154512_initial'
  },
];
