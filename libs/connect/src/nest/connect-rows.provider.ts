import type { FactoryProvider } from '@nestjs/common';
import { InflightBudget } from '@app/serving';
import { WIREBENCH_CONFIG, type WirebenchConfig } from '@app/config';
import { ConnectRows } from '../rows/connect-rows';
import { rowsLimits } from '../rows/rows-limits';

/** The app's ConnectRows, drawing on the InflightBudget its module provides (one MAX_INFLIGHT_BYTES per process). */
export const connectRowsProvider: FactoryProvider<ConnectRows> = {
  provide: ConnectRows,
  useFactory: (config: WirebenchConfig, budget: InflightBudget) => new ConnectRows(rowsLimits(config), budget),
  inject: [WIREBENCH_CONFIG, InflightBudget],
};
