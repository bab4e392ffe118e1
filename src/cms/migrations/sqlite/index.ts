import * as migration_20261122_154509_initial from './20261122_154509_initial';
import * as migration_20261122_161601_forms from './20261122_161601_forms';

export const migrations = [
  {
    up: migration_20261122_154509_initial.up,
    down: migration_20261122_154509_initial.down,
    name: '20261122_154509_initial',
  },
  {
    up: migration_20261122_161601_forms.up,
    down: migration_20261122_161601_forms.down,
    name: '20261122_161601_forms'
  },
];
