import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';
import type { V1TaskEvent, V1TaskSummary } from '@/types/api';

/**
 * Actions other features add to a task's header (comparing its attempts): features never
 * import each other, so src/app provides them here and the task detail renders them.
 */
export type TaskActionsRenderer = (props: {
  tenantId: string;
  task: V1TaskSummary;
  /** The task's events, every attempt's. */
  events: V1TaskEvent[];
}) => ReactNode;

const TaskActionsContext = createContext<TaskActionsRenderer | undefined>(undefined);

export const TaskActionsProvider = TaskActionsContext.Provider;

export function useTaskActions(): TaskActionsRenderer | undefined {
  return useContext(TaskActionsContext);
}
