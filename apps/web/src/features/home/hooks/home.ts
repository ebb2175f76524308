import { queryOptions } from '@tanstack/react-query';
import { homeApi } from '@/api/home';

export const homeKeys = {
  workbench: (token: string) => ['home', token, 'workbench'] as const,
  guide: (token: string) => ['home', token, 'guide'] as const,
};

export const workbenchQuery = (token: string) =>
  queryOptions({ queryKey: homeKeys.workbench(token), queryFn: ({ signal }) => homeApi.workbench(signal) });

export const guideQuery = (token: string) =>
  queryOptions({ queryKey: homeKeys.guide(token), queryFn: ({ signal }) => homeApi.guideInfo(signal) });
