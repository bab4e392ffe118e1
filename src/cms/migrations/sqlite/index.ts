import * as migration_20261122_154509_initial from './20261122_154509_initial';

export const migrations = [
  {
    up: migration_20261122_154509_initial.up,
    down: migration_20261122_154509_initial.down,
    name: '20261122_154509_initial'
  },
];
