import type {
  ControlSettingBody,
  CostStandardSaveBody,
  StandardAnswer,
  StandardDimensions,
  StandardSetting,
  StandardSettingBody,
  StandardTable,
  TripKind,
  TripStandardSaveBody,
  StandardDimension,
  StandardKind,
} from '@feikong/contracts';
import type { Encodable } from './http/encode';
import { http } from './http/request';

// Typed calls of 差旅与费用标准 (/consume-quota-center/api/v1/standards/, decision 0047). Money in 分.

const BASE = '/consume-quota-center/api/v1/standards';
const q = (o: object) => o as Encodable;

export type { StandardAnswer, StandardDimensions, StandardSetting, StandardTable };
export type StandardCellIn = TripStandardSaveBody['cells'][number];

export const standardsApi = {
  setting: (signal?: AbortSignal) => http.get<StandardSetting>(`${BASE}/setting`, undefined, { signal }),
  saveSetting: (body: StandardSettingBody) => http.post<StandardSetting>(`${BASE}/setting/update`, body),
  saveControls: (controls: ControlSettingBody['controls']) =>
    http.post<StandardSetting>(`${BASE}/control/update`, { controls }),
  dimensions: (signal?: AbortSignal) =>
    http.get<StandardDimensions>(`${BASE}/dimensions`, undefined, { signal }),
  trip: (kind: TripKind, dimension: StandardDimension, signal?: AbortSignal) =>
    http.get<StandardTable>(`${BASE}/trip`, q({ kind, dimension }), { signal }),
  saveTrip: (body: TripStandardSaveBody) => http.post<StandardTable>(`${BASE}/trip/save`, body),
  cost: (feeType: string, dimension: StandardDimension, signal?: AbortSignal) =>
    http.get<StandardTable>(`${BASE}/cost`, q({ feeType, dimension }), { signal }),
  saveCost: (body: CostStandardSaveBody) => http.post<StandardTable>(`${BASE}/cost/save`, body),
  preview: (
    p: { staffId: number; kind: StandardKind; city?: string; feeType?: string },
    signal?: AbortSignal,
  ) => http.get<StandardAnswer>(`${BASE}/preview`, q(p), { signal }),
};
