import { Descriptions, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { billPrintApi } from '@/api/billPrint';

/** The attachments of a custom 附件 field in the print data: their remark names the field. */
const FORM_FILE_REMARK = /^表单字段「(.+)」$/;

/**
 * A document's custom form values (单据详情): each under its field's title and in words — money in 元,
 * option, staff, department and company names, invoice numbers — as the server renders them for printing
 * (print data formFields, the same words the printed sheet shows); 附件 fields list their files as links.
 */
export function CustomFieldsView({
  billId,
  formValues,
}: {
  billId: number;
  formValues: Record<string, unknown>;
}) {
  const keys = new Set(Object.keys(formValues));
  const data = useQuery({
    queryKey: ['billPrint', 'data', [billId]],
    queryFn: ({ signal }) => billPrintApi.data([billId], signal),
    enabled: keys.size > 0,
    retry: false,
  });
  const item = data.data?.items[0]?.data;
  if (!item) return null;
  const fields = item.formFields.filter((f) => keys.has(f.key));
  if (fields.length === 0) return null;
  const filesOf = (label: string) =>
    item.attachments.filter((a) => FORM_FILE_REMARK.exec(a.remark)?.[1] === label);
  return (
    <Descriptions
      data-testid="bill-custom-fields"
      style={{ marginTop: 12 }}
      size="small"
      column={3}
      bordered
      title="表单信息"
      items={fields.map((f) => {
        const files = filesOf(f.label);
        return {
          key: f.key,
          label: f.label,
          children: files.length ? (
            <Space wrap>
              {files.map((a) => (
                <a key={a.filePath} href={a.filePath} target="_blank" rel="noreferrer">
                  {a.fileName}
                </a>
              ))}
            </Space>
          ) : (
            f.value
          ),
        };
      })}
    />
  );
}
