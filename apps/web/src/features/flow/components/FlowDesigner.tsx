import '@xyflow/react/dist/style.css';
import './designer.css';
import { ArrowDownOutlined, ArrowUpOutlined, CloseOutlined, PlusOutlined } from '@ant-design/icons';
import {
  Background,
  BaseEdge,
  Controls,
  EdgeLabelRenderer,
  Handle,
  Position,
  ReactFlow,
  ReactFlowProvider,
  type Edge,
  type EdgeProps,
  type Node,
  type NodeProps,
  useReactFlow,
} from '@xyflow/react';
import { Alert, App, Dropdown, Empty } from 'antd';
import { createContext, useContext, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { describeCondition } from '../rules/conditions';
import { summarize, type Names } from '../rules/describe';
import { LayoutError, layoutDefinition, type Box, type Link } from '../rules/layout';
import {
  addBranch,
  deleteBranch,
  deleteNode,
  insertNode,
  moveBranch,
  NODE_TYPE_TEXT,
  type AddableType,
  type InsertPoint,
} from '../rules/ops';
import type { ConditionNode, FlowDefinition, FlowNode } from '../rules/types';
import { NodePanel, type DesignerOptions } from './NodePanel';

export type Selection = { nodeId: string; branchId?: string } | null;

interface Ctx {
  def: FlowDefinition;
  selected: Selection;
  invalid: ReadonlySet<string>;
  names: Names;
  optionName: (field: string, id: string) => string;
  readOnly: boolean;
  select: (s: Selection) => void;
  insert: (point: InsertPoint, type: AddableType) => void;
  remove: (nodeId: string) => void;
  addBranch: (conditionId: string) => void;
  removeBranch: (conditionId: string, branchId: string) => void;
  move: (conditionId: string, branchId: string, step: -1 | 1) => void;
  confirm: (title: string, onOk: () => void) => void;
}
const DesignerCtx = createContext<Ctx | null>(null);
const useCtx = () => useContext(DesignerCtx)!;

const COLORS: Record<FlowNode['type'], string> = {
  start: '#576a95',
  approver: '#ff943e',
  cc: '#3296fa',
  condition: '#15bc83',
  end: '#999',
};

type BoxData = { box: Box };
type LinkData = { link: Link };

const handles = (
  <>
    <Handle type="target" position={Position.Top} isConnectable={false} />
    <Handle type="source" position={Position.Bottom} isConnectable={false} />
  </>
);

function FlowNodeCard({ data }: NodeProps<Node<BoxData>>) {
  const ctx = useCtx();
  const node = ctx.def.nodes.find((n) => n.id === data.box.nodeId);
  // A node just deleted may render once more before xyflow drops it.
  if (!node) return null;
  const isSelected = ctx.selected?.nodeId === node.id && !ctx.selected.branchId;
  if (node.type === 'end') {
    return (
      <div className="fk-flow-terminal" data-testid="flow-node-end">
        {node.name || '流程结束'}
        {handles}
      </div>
    );
  }
  if (node.type === 'start') {
    return (
      <div className={`fk-flow-terminal start${isSelected ? ' selected' : ''}`} data-testid="flow-node-start">
        <b>{node.name || '发起人'}</b>
        <span style={{ fontSize: 12, opacity: 0.85 }}>所有人可发起</span>
        {handles}
      </div>
    );
  }
  const cls = ['fk-flow-card', isSelected && 'selected', ctx.invalid.has(node.id) && 'invalid']
    .filter(Boolean)
    .join(' ');
  return (
    <div className={cls} data-testid={`flow-node-${node.id}`}>
      <div className="fk-flow-card-title" style={{ background: COLORS[node.type] }}>
        <span>{node.name || NODE_TYPE_TEXT[node.type]}</span>
        {!ctx.readOnly && (
          <CloseOutlined
            className="fk-flow-card-del"
            aria-label="删除节点"
            onClick={(e) => {
              e.stopPropagation();
              ctx.confirm(`删除节点「${node.name}」？`, () => ctx.remove(node.id));
            }}
          />
        )}
      </div>
      <div className="fk-flow-card-body">{summarize(node, ctx.names)}</div>
      {handles}
    </div>
  );
}

function HeaderCard({ data }: NodeProps<Node<BoxData>>) {
  const ctx = useCtx();
  const node = ctx.def.nodes.find((n) => n.id === data.box.nodeId) as ConditionNode | undefined;
  if (!node) return null;
  return (
    <div
      className="fk-flow-header"
      data-testid={`flow-header-${node.id}`}
      style={
        ctx.selected?.nodeId === node.id && !ctx.selected.branchId ? { background: '#e8fff6' } : undefined
      }
    >
      {!ctx.readOnly && (
        <span
          role="button"
          aria-label="添加条件"
          onClick={(e) => {
            e.stopPropagation();
            ctx.addBranch(node.id);
          }}
        >
          添加条件
        </span>
      )}
      {!ctx.readOnly && (
        <CloseOutlined
          aria-label="删除条件分支"
          style={{ fontSize: 11, color: '#999', marginLeft: 6 }}
          onClick={(e) => {
            e.stopPropagation();
            ctx.confirm(`删除「${node.name}」及其全部分支？`, () => ctx.remove(node.id));
          }}
        />
      )}
      {handles}
    </div>
  );
}

function BranchCard({ data }: NodeProps<Node<BoxData>>) {
  const ctx = useCtx();
  const cond = ctx.def.nodes.find((n) => n.id === data.box.nodeId) as ConditionNode | undefined;
  const index = cond ? cond.branches.findIndex((b) => b.id === data.box.branchId) : -1;
  const branch = cond?.branches[index];
  if (!cond || !branch) return null;
  const isSelected = ctx.selected?.nodeId === cond.id && ctx.selected.branchId === branch.id;
  const invalid = ctx.invalid.has(cond.id) && !branch.isDefault;
  const cls = ['fk-flow-card', 'branch', isSelected && 'selected', invalid && 'invalid']
    .filter(Boolean)
    .join(' ');
  const conditional = cond.branches.filter((b) => !b.isDefault).length;
  return (
    <div className={cls} data-testid={`flow-branch-${branch.id}`}>
      <div className="fk-flow-card-title">
        <span>{branch.name}</span>
        <span style={{ color: '#999', fontSize: 12 }}>
          {branch.isDefault ? '默认' : `优先级${index + 1}`}
        </span>
        {!ctx.readOnly && !branch.isDefault && (
          <span style={{ display: 'flex', gap: 6 }}>
            {index > 0 && (
              <ArrowUpOutlined
                className="fk-flow-move"
                aria-label="提高优先级"
                onClick={(e) => {
                  e.stopPropagation();
                  ctx.move(cond.id, branch.id, -1);
                }}
              />
            )}
            {index < conditional - 1 && (
              <ArrowDownOutlined
                className="fk-flow-move"
                aria-label="降低优先级"
                onClick={(e) => {
                  e.stopPropagation();
                  ctx.move(cond.id, branch.id, 1);
                }}
              />
            )}
            <CloseOutlined
              className="fk-flow-card-del"
              aria-label="删除分支"
              onClick={(e) => {
                e.stopPropagation();
                ctx.confirm(`删除分支「${branch.name}」及其中的节点？`, () =>
                  ctx.removeBranch(cond.id, branch.id),
                );
              }}
            />
          </span>
        )}
      </div>
      <div className="fk-flow-card-body">
        {branch.isDefault
          ? '其他条件进入此流程'
          : describeCondition(branch.when, ctx.optionName) || '请设置条件'}
      </div>
      {handles}
    </div>
  );
}

function Junction() {
  return <div style={{ width: 1, height: 1 }}>{handles}</div>;
}

const ADD_ITEMS: { key: AddableType; label: string }[] = [
  { key: 'approver', label: '审批人' },
  { key: 'cc', label: '抄送人' },
  { key: 'condition', label: '条件分支' },
];

function PlusEdge({ id, sourceX, sourceY, targetX, targetY, data }: EdgeProps<Edge<LinkData>>) {
  const ctx = useCtx();
  const link = data!.link;
  let path: string;
  let plus: { x: number; y: number } | undefined;
  if (link.shape === 'fanOut') {
    const midY = (sourceY + targetY) / 2;
    path = `M ${sourceX} ${sourceY} L ${sourceX} ${midY} L ${targetX} ${midY} L ${targetX} ${targetY}`;
  } else if (link.shape === 'fanIn') {
    path = `M ${sourceX} ${sourceY} L ${sourceX} ${targetY} L ${targetX} ${targetY}`;
    plus = { x: sourceX, y: (sourceY + targetY) / 2 };
  } else {
    path = `M ${sourceX} ${sourceY} L ${targetX} ${targetY}`;
    plus = { x: sourceX, y: (sourceY + targetY) / 2 };
  }
  const insert = link.insert;
  return (
    <>
      <BaseEdge id={id} path={path} style={{ stroke: '#b1b1b7', strokeWidth: 1.5 }} />
      {insert && plus && !ctx.readOnly && (
        <EdgeLabelRenderer>
          <div
            className="nodrag nopan"
            style={{
              position: 'absolute',
              transform: `translate(-50%, -50%) translate(${plus.x}px, ${plus.y}px)`,
            }}
          >
            <Dropdown
              trigger={['click']}
              menu={{ items: ADD_ITEMS, onClick: ({ key }) => ctx.insert(insert, key as AddableType) }}
            >
              <button
                type="button"
                className="fk-flow-plus"
                aria-label="添加节点"
                data-testid={`flow-plus-${link.source}`}
              >
                <PlusOutlined />
              </button>
            </Dropdown>
          </div>
        </EdgeLabelRenderer>
      )}
    </>
  );
}

const nodeTypes = { node: FlowNodeCard, header: HeaderCard, branch: BranchCard, junction: Junction };
const edgeTypes = { plus: PlusEdge };

export interface FlowDesignerProps {
  value: FlowDefinition;
  onChange: (def: FlowDefinition) => void;
  options: DesignerOptions;
  names?: Names;
  /** Node ids to mark red (from validation). */
  invalidIds?: ReadonlySet<string>;
  readOnly?: boolean;
}

/**
 * The visual flow designer: the definition laid out top to bottom (rules/layout), a "+" on every edge to
 * add an approver, a 抄送人 or a condition, a × to delete, and the side panel to edit the selected node or
 * branch. It edits exactly the engine's FlowDefinition.
 */
export function FlowDesigner(props: FlowDesignerProps) {
  return (
    <ReactFlowProvider>
      <DesignerInner {...props} />
    </ReactFlowProvider>
  );
}

/**
 * Shows the picture from its top, centred, zoomed out just enough to fit (not below 50%: a bigger flow is
 * panned); again whenever nodes come or go, not on every keystroke.
 */
function Framing({
  count,
  width,
  height,
  box,
}: {
  count: number;
  width: number;
  height: number;
  box: RefObject<HTMLDivElement | null>;
}) {
  const flow = useReactFlow();
  useEffect(() => {
    const el = box.current;
    if (!el || !el.clientWidth) return;
    const W = el.clientWidth;
    const H = el.clientHeight;
    const zoom = Math.max(0.5, Math.min(1, (W - 48) / width, (H - 48) / height));
    void flow.setViewport({ x: (W - width * zoom) / 2, y: 24, zoom }, { duration: 150 });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- box is a ref
  }, [count, width, height, flow]);
  return null;
}

function DesignerInner({
  value,
  onChange,
  options,
  names = {},
  invalidIds,
  readOnly = false,
}: FlowDesignerProps) {
  const [selected, setSelected] = useState<Selection>(null);
  const { modal } = App.useApp();
  const canvasRef = useRef<HTMLDivElement>(null);
  const laid = useMemo(() => {
    try {
      return { layout: layoutDefinition(value) };
    } catch (e) {
      if (e instanceof LayoutError) return { error: e.message };
      throw e;
    }
  }, [value]);

  const optionName = useMemo(() => {
    const maps: Record<string, Map<string, string>> = {
      departmentId: new Map(options.departments.map((o) => [o.value, o.label])),
      companyId: new Map(options.companies.map((o) => [o.value, o.label])),
      feeType: new Map(options.feeTypes.map((o) => [o.value, o.label])),
      projectId: new Map(options.projects.map((o) => [o.value, o.label])),
    };
    return (field: string, id: string) => maps[field]?.get(id) ?? id;
  }, [options]);

  const ctx: Ctx = {
    def: value,
    selected,
    invalid: invalidIds ?? new Set(),
    names,
    optionName,
    readOnly,
    select: setSelected,
    insert: (point, type) => {
      const r = insertNode(value, point, type);
      onChange(r.def);
      setSelected({ nodeId: r.id });
    },
    remove: (nodeId) => {
      onChange(deleteNode(value, nodeId));
      setSelected(null);
    },
    addBranch: (conditionId) => {
      const r = addBranch(value, conditionId);
      onChange(r.def);
      setSelected({ nodeId: conditionId, branchId: r.branchId });
    },
    removeBranch: (conditionId, branchId) => {
      onChange(deleteBranch(value, conditionId, branchId));
      setSelected(null);
    },
    move: (conditionId, branchId, step) => onChange(moveBranch(value, conditionId, branchId, step)),
    confirm: (title, onOk) =>
      modal.confirm({ title, okText: '删除', okButtonProps: { danger: true }, cancelText: '取消', onOk }),
  };

  const nodes: Node<BoxData>[] = useMemo(
    () =>
      (laid.layout?.boxes ?? []).map((box) => ({
        id: box.id,
        type: box.kind,
        position: { x: box.x, y: box.y },
        width: box.w,
        height: box.h,
        style: { width: box.w, height: box.h },
        // Known handle spots: edges draw before (and without) DOM measurement.
        handles: [
          { type: 'target', position: Position.Top, x: box.w / 2, y: 0, width: 0, height: 0 },
          { type: 'source', position: Position.Bottom, x: box.w / 2, y: box.h, width: 0, height: 0 },
        ],
        data: { box },
        draggable: false,
        connectable: false,
        selectable: false,
      })),
    [laid],
  );
  const edges: Edge<LinkData>[] = useMemo(
    () =>
      (laid.layout?.links ?? []).map((link) => ({
        id: link.id,
        source: link.source,
        target: link.target,
        type: 'plus',
        data: { link },
        selectable: false,
      })),
    [laid],
  );

  const selectedNode = selected ? value.nodes.find((n) => n.id === selected.nodeId) : undefined;
  return (
    <DesignerCtx.Provider value={ctx}>
      <div className="fk-flow-designer" data-testid="flow-designer">
        <div className="fk-flow-canvas" ref={canvasRef}>
          {laid.error ? (
            <Alert type="error" showIcon title={laid.error} style={{ margin: 16 }} />
          ) : (
            <ReactFlow
              nodes={nodes}
              edges={edges}
              nodeTypes={nodeTypes}
              edgeTypes={edgeTypes}
              minZoom={0.3}
              maxZoom={1.5}
              nodesDraggable={false}
              nodesConnectable={false}
              elementsSelectable={false}
              panOnScroll
              proOptions={{ hideAttribution: true }}
              // A node click selects it (and gives the nodes pointer events at all: they are neither
              // draggable nor selectable in xyflow's sense).
              onNodeClick={(_, n) => {
                const box = (n.data as BoxData).box;
                if (box.kind === 'junction') return;
                const node = value.nodes.find((x) => x.id === box.nodeId);
                if (node?.type === 'end') return;
                setSelected(
                  box.kind === 'branch'
                    ? { nodeId: box.nodeId, branchId: box.branchId }
                    : { nodeId: box.nodeId },
                );
              }}
              onPaneClick={() => setSelected(null)}
            >
              <Background gap={16} color="#e4e4e7" />
              <Controls showInteractive={false} />
              <Framing
                count={nodes.length}
                width={laid.layout!.width}
                height={laid.layout!.height}
                box={canvasRef}
              />
            </ReactFlow>
          )}
        </div>
        <div className="fk-flow-panel" data-testid="flow-panel">
          {selectedNode ? (
            <NodePanel
              key={`${selected!.nodeId}/${selected!.branchId ?? ''}`}
              def={value}
              node={selectedNode}
              branchId={selected!.branchId}
              options={options}
              readOnly={readOnly}
              names={names}
              onChange={onChange}
            />
          ) : (
            <Empty description="点击节点或分支进行设置，点击连线上的“+”添加节点" />
          )}
        </div>
      </div>
    </DesignerCtx.Provider>
  );
}
