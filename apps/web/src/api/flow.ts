import type {
  AgentIdBody,
  AgentPage as AgentPageSchema,
  AgentPageQuery,
  AgentSaveBody,
  AgentSaved,
  AdminCopyBody,
  AdminSendBackBody,
  AdminTransferBody,
  BillDetail as BillDetailSchema,
  BillActed,
  FlowCopyBody,
  FlowDetail as FlowDetailSchema,
  FlowEnableBody,
  FlowGroup as FlowGroupSchema,
  FlowGroupOrderBody,
  FlowGroupSaveBody,
  FlowPage as FlowPageSchema,
  FlowPageQuery,
  FlowPublished,
  FlowSaveBody,
  FlowSaved,
  FlowSimulateBody,
  FlowSimulation as FlowSimulationSchema,
  ForcePassBody,
  IntervenePage as IntervenePageSchema,
  IntervenePageQuery,
  MatrixDetail as MatrixDetailSchema,
  MatrixList,
  MatrixListQuery,
  MatrixSaveBody,
  MatrixSaved,
} from '@feikong/contracts';
import type { z } from 'zod';
import type { Encodable } from './http/encode';
import { http } from './http/request';

// Typed calls of 审批流设计 and 流程干预 (/finobill/api/web/: flowDesign/*, group/*, matrix/*, agent/*, flow/* for
// the administrators' intervention), designed in docs/decisions/0022-flows-and-bills.md. Money in 分.

export const FINOBILL = '/finobill/api/web';
const B = (p: string) => `${FINOBILL}/${p}`;

type Out<T extends z.ZodType> = z.output<T>;
type In<T extends z.ZodType> = z.input<T>;
const q = (o: object) => o as Encodable;

export type FlowGroup = Out<typeof FlowGroupSchema>;
export type FlowPage = Out<typeof FlowPageSchema>;
export type FlowRow = FlowPage['items'][number];
export type FlowListQuery = In<typeof FlowPageQuery>;
export type FlowDetail = Out<typeof FlowDetailSchema>;
export type FlowSave = In<typeof FlowSaveBody>;
export type FlowSimulate = In<typeof FlowSimulateBody>;
export type FlowSimulation = Out<typeof FlowSimulationSchema>;
export type SimRow = FlowSimulation['rows'][number];
export type MatrixSummary = Out<typeof MatrixList>[number];
export type MatrixDetail = Out<typeof MatrixDetailSchema>;
export type MatrixSave = In<typeof MatrixSaveBody>;
export type AgentPage = Out<typeof AgentPageSchema>;
export type AgentRow = AgentPage['items'][number];
export type AgentListQuery = In<typeof AgentPageQuery>;
export type AgentSave = In<typeof AgentSaveBody>;
export type IntervenePage = Out<typeof IntervenePageSchema>;
export type InterveneRow = IntervenePage['items'][number];
export type InterveneListQuery = In<typeof IntervenePageQuery>;
export type BillDetail = Out<typeof BillDetailSchema>;
type Acted = Out<typeof BillActed>;

/** Forms show field errors by their inputs. */
const fields = { handleFieldErrors: true } as const;

export const flowApi = {
  groups: (signal?: AbortSignal) => http.get<FlowGroup[]>(B('group/list'), undefined, { signal }),
  saveGroup: (body: FlowGroupSaveBody) => http.post<FlowGroup>(B('group/save'), body, fields),
  /** A refusal (分组下还有流程) is shown by the screen itself. */
  deleteGroup: (id: number) => http.post<unknown>(B('group/delete'), { id }, { silent: true }),
  orderGroups: (body: In<typeof FlowGroupOrderBody>) => http.post<unknown>(B('group/order'), body),

  pageList: (query: FlowListQuery, signal?: AbortSignal) =>
    http.get<FlowPage>(B('flowDesign/pageList'), q(query), { signal }),
  detail: (id: number, signal?: AbortSignal) =>
    http.get<FlowDetail>(B('flowDesign/detail'), { id }, { signal }),
  save: (body: FlowSave) => http.post<Out<typeof FlowSaved>>(B('flowDesign/save'), body, fields),
  /** A refused definition (data.issues, each naming its node) is shown in the designer itself. */
  publish: (id: number) =>
    http.post<Out<typeof FlowPublished>>(B('flowDesign/publish'), { id }, { silent: true }),
  enable: (body: In<typeof FlowEnableBody>) => http.post<unknown>(B('flowDesign/enable'), body),
  copy: (body: In<typeof FlowCopyBody>) => http.post<Out<typeof FlowSaved>>(B('flowDesign/copy'), body),
  /** A refusal (流程正在使用) is shown by the list itself. */
  remove: (id: number) => http.post<unknown>(B('flowDesign/delete'), { id }, { silent: true }),
  simulate: (body: FlowSimulate) => http.post<FlowSimulation>(B('flowDesign/simulate'), body, fields),

  matrices: (query: In<typeof MatrixListQuery> = {}, signal?: AbortSignal) =>
    http.get<Out<typeof MatrixList>>(B('matrix/list'), q(query), { signal }),
  matrix: (id: number, signal?: AbortSignal) =>
    http.get<MatrixDetail>(B('matrix/detail'), { id }, { signal }),
  saveMatrix: (body: MatrixSave) => http.post<Out<typeof MatrixSaved>>(B('matrix/save'), body, fields),
  deleteMatrix: (id: number) => http.post<unknown>(B('matrix/delete'), { id }),

  agents: (query: AgentListQuery, signal?: AbortSignal) =>
    http.get<AgentPage>(B('agent/pageList'), q(query), { signal }),
  saveAgent: (body: AgentSave) => http.post<Out<typeof AgentSaved>>(B('agent/save'), body, fields),
  cancelAgent: (body: In<typeof AgentIdBody>) => http.post<unknown>(B('agent/cancel'), body),

  interveneList: (query: InterveneListQuery, signal?: AbortSignal) =>
    http.get<IntervenePage>(B('flow/intervenePageList'), q(query), { signal }),
  billDetail: (id: number, signal?: AbortSignal) =>
    http.get<BillDetail>(B('flow/detail'), { id }, { signal }),
  forcePass: (body: In<typeof ForcePassBody>) => http.post<Acted>(B('flow/forcePass'), body, fields),
  adminTransfer: (body: In<typeof AdminTransferBody>) =>
    http.post<Acted>(B('flow/adminTransfer'), body, fields),
  adminSendBack: (body: In<typeof AdminSendBackBody>) =>
    http.post<Acted>(B('flow/adminSendBack'), body, fields),
  adminCopy: (body: In<typeof AdminCopyBody>) => http.post<Acted>(B('flow/adminCopy'), body, fields),
};
