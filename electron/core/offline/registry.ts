import { alarmMigrations } from '../alarms/alarm-migrations';
import { outboxMigrations } from '../enrolment/outbox-migrations';
import { operatorMigrations } from '../operators/operator-migrations';
import { activeOverrideMigrations } from '../overrides/active-override-migrations';
import { planMigrations } from '../plans/plan-migrations';
import { rollCallMigrations } from '../reception/roll-call-migrations';
import { journalMigrations } from '../server-events/journal-migrations';
import { auditMigrations } from './audit-migrations';
import { lastKnownMigrations } from './last-known-migrations';
import type { Migration } from './migrations';

/**
 * Every feature's schema steps, run in this order at each start (electron/core/offline/README.md says
 * how to add a feature's). A feature keeps its steps in its own folder and adds one line here.
 */
export const storeMigrations: readonly Migration[] = [
  ...auditMigrations,
  ...lastKnownMigrations,
  ...outboxMigrations,
  ...planMigrations,
  ...alarmMigrations,
  ...journalMigrations,
  ...operatorMigrations,
  ...activeOverrideMigrations,
  ...rollCallMigrations,
];
