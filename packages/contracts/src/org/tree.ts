import { z } from 'zod';
import { onlyPriv, optionalId } from './fields.js';

/** group = the top organisation, company, dept (spec §3: org_type dept for departments). */
export const OrgUnitType = z.enum(['group', 'company', 'dept']);

/**
 * One node of organizations:list / departments:list (spec §3 organisation / department). Recursive
 * through a getter: z.toJSONSchema writes it once under definitions and refers to it by $ref.
 */
export const OrgTreeNode = z.object({
  /** Unique over a mixed tree: org-<id> / dept-<id>. */
  key: z.string(),
  id: z.number().int(),
  pid: z.number().int(),
  name: z.string(),
  full_name: z.string(),
  order: z.number().int(),
  has_priv: z.boolean(),
  /** Non-zero: synced from an integrated platform. */
  source: z.number().int(),
  org_type: OrgUnitType,
  /** The company of a department; the organisation itself for companies. */
  org_id: z.number().int(),
  /** Organisations only. */
  tax_id: z.string().nullable().optional(),
  /** Departments only: 部门负责人 (departments.leader_id), what a flow's "department head" approver reads. */
  leader_id: z.number().int().nullable().optional(),
  /** Departments only: the head's name; '' without a head or once the head has left. */
  leader_name: z.string().optional(),
  get children(): z.ZodArray<typeof OrgTreeNode> {
    return z.array(OrgTreeNode);
  },
});
export const OrgTree = z.array(OrgTreeNode);

export const OrgTreeQuery = z.object({ only_priv: onlyPriv });
export const OrgDeptTreeQuery = z.object({ only_priv: onlyPriv, org_id: optionalId('公司ID') });
