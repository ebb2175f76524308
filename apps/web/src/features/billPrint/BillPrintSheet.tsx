import type { ReactNode } from 'react';
import { amountLine, PRINT_AGENT_COLUMN, PRINT_SIGNATURES } from '@feikong/contracts';
import type { BillPrintData } from '@/api/billPrint';
import { dateTime, yuan } from './format';
import './billPrint.css';

function Table(props: {
  cols: { title: string; width?: string }[];
  rows: ReactNode[][];
  label: string;
  num?: number[];
}) {
  return (
    <table aria-label={props.label}>
      <colgroup>
        {props.cols.map((c, i) => (
          <col key={i} style={c.width ? { width: c.width } : undefined} />
        ))}
      </colgroup>
      <thead>
        <tr>
          {props.cols.map((c, i) => (
            <th key={i}>{c.title}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {props.rows.length === 0 ? (
          <tr>
            <td className="fk-bp-empty" colSpan={props.cols.length}>
              无
            </td>
          </tr>
        ) : (
          props.rows.map((r, i) => (
            <tr key={i}>
              {r.map((cell, k) => (
                <td key={k} className={props.num?.includes(k) ? 'num' : undefined}>
                  {cell}
                </td>
              ))}
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}

/**
 * One document as printed (spec 3 print options): header (the bearing company, document type, number),
 * its fields, the amount in capitals (大写金额), fee lines with their invoices, trips, the approval record
 * (the agent column only when an agent acted), the attachments and the signature lines.
 */
export function BillPrintSheet({ data: p }: { data: BillPrintData }) {
  const pairs: ReactNode[][] = [];
  for (let i = 0; i < p.formFields.length; i += 2) {
    const a = p.formFields[i]!;
    const b = p.formFields[i + 1];
    pairs.push([a.label, a.value, b?.label ?? '', b?.value ?? '']);
  }
  const amount = amountLine(p.data.amount);
  const agents = p.approveNodeRecord.some((r) => r.onBehalfOfText);
  return (
    <section
      className="fk-bill-print-sheet"
      data-testid="bill-print-sheet"
      aria-label={`${p.template.title} ${p.billNumber}`}
    >
      {p.template.orgName && <div className="fk-bp-org">{p.template.orgName}</div>}
      <h1>{p.template.title}</h1>
      <div className="fk-bp-meta">
        <span>单据编号：{p.billNumber}</span>
        <span>状态：{p.data.statusText}</span>
      </div>
      <Table
        label="单据信息"
        cols={[
          { title: '项目', width: '14%' },
          { title: '内容', width: '36%' },
          { title: '项目', width: '14%' },
          { title: '内容', width: '36%' },
        ]}
        rows={pairs}
      />
      <div className="fk-bp-amount" data-testid="bill-print-amount">
        <strong>
          {amount.label}：{amount.words}
        </strong>
        <span>{amount.figures}</span>
      </div>
      {(p.data.fees.length > 0 || p.template.billType === 'expense') && (
        <>
          <h2>费用明细</h2>
          <Table
            label="费用明细"
            num={[3]}
            cols={[
              { title: '序号', width: '7%' },
              { title: '费用类型', width: '13%' },
              { title: '费用日期', width: '13%' },
              { title: '金额（元）', width: '12%' },
              { title: '备注', width: '22%' },
              { title: '发票' },
            ]}
            rows={p.data.fees.map((f, i) => [
              i + 1,
              f.feeTypeText,
              dateTime(f.date, false),
              yuan(f.amount),
              f.remark,
              f.invoices.map((inv) => (
                <div key={inv.id}>
                  {inv.number} {inv.sellerName} ¥{yuan(inv.amountTax)}
                </div>
              )),
            ])}
          />
        </>
      )}
      {p.data.trips.length > 0 && (
        <>
          <h2>行程</h2>
          <Table
            label="行程"
            num={[3, 4, 5, 6]}
            cols={[
              { title: '目的地', width: '14%' },
              { title: '行程日期', width: '24%' },
              { title: '同行人', width: '16%' },
              { title: '交通（元）' },
              { title: '住宿（元）' },
              { title: '其他（元）' },
              { title: '合计（元）' },
            ]}
            rows={p.data.trips.map((t) => [
              t.locationCus,
              `${dateTime(t.date[0], false)} 至 ${dateTime(t.date[1], false)}`,
              t.peers,
              yuan(t.budget_traffic),
              yuan(t.budget_stay),
              yuan(t.budget_other),
              yuan(t.budget_total),
            ])}
          />
        </>
      )}
      {p.riskFlags.length > 0 && (
        <>
          <h2>风险提示</h2>
          <Table
            label="风险提示"
            cols={[{ title: '规则', width: '20%' }, { title: '说明' }]}
            rows={p.riskFlags.map((f) => [f.ruleName, `${f.message}：${f.detail}`])}
          />
        </>
      )}
      <h2>审批记录</h2>
      <Table
        label="审批记录"
        cols={[
          { title: '节点', width: '14%' },
          { title: '审批人', width: '12%' },
          ...(agents ? [{ title: PRINT_AGENT_COLUMN, width: '14%' }] : []),
          { title: '操作', width: '11%' },
          { title: '意见' },
          { title: '时间', width: '19%' },
        ]}
        rows={p.approveNodeRecord.map((r) => [
          r.nodeName,
          r.actorName,
          ...(agents ? [r.onBehalfOfText] : []),
          r.actionLabel,
          [r.opinion, r.reason].filter(Boolean).join('；'),
          dateTime(r.at),
        ])}
      />
      {p.attachments.length > 0 && (
        <>
          <h2>附件</h2>
          <Table
            label="附件"
            cols={[{ title: '文件名', width: '45%' }, { title: '类型', width: '10%' }, { title: '说明' }]}
            rows={p.attachments.map((a) => [
              <a key="a" href={a.filePath} target="_blank" rel="noreferrer">
                {a.fileName}
              </a>,
              a.fileType.toUpperCase(),
              a.remark,
            ])}
          />
        </>
      )}
      <div className="fk-bp-signatures" aria-label="签字">
        {PRINT_SIGNATURES.map((role) => (
          <span key={role}>
            {role}：<i />
          </span>
        ))}
      </div>
    </section>
  );
}
