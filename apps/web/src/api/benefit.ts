import type { BenefitHome, FestivalClaimReply } from '@feikong/contracts';
import { http } from './http/request';

// 福利首页 of the benefit modes (issue 21, decision 0046): apps/server/src/modules/spend/benefit.

export type { BenefitBalance, BenefitHome, BenefitMove, FestivalOffer } from '@feikong/contracts';

export const benefitApi = {
  home: (signal?: AbortSignal) =>
    http.get<BenefitHome>('/app-ctrl/api/v1/home/benefit', undefined, { signal }),
  claimFestival: (id: number) =>
    http.post<FestivalClaimReply>('/app-ctrl/api/v1/home/benefit/festival:claim', { id }),
};
