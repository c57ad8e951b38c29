import { useMutation } from '@tanstack/react-query';
import { useApiClient } from 'shared-ui/remote';
import type { RulesBacktestRequest } from '@formularze/domain/schemas/rules-backtest';
import { backtestRules } from '../api';

/** The back-test of the editor's rules (ADR 224): a read, so nothing is invalidated afterwards. */
export function useRulesBacktest(formId: number) {
  const client = useApiClient();
  return useMutation({
    mutationFn: (request: RulesBacktestRequest) => backtestRules(client, formId, request),
  });
}
