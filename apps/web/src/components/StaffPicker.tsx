import { Select, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { AUTOCOMPLETE } from '@feikong/contracts';
import { orgApi, type Colleague } from '../api/org';

type Person = Colleague & { phone?: string; user_id?: number };
const staffName = (s: Person) => s.real_name || s.user_name || s.phone || String(s.id);

/**
 * Picks active staff of the tenant: searches after 2 characters with a 500 ms debounce (spec §5 base
 * autocomplete), several at once. `lookup` 'org' (default: 成员管理, 用户组, the org and flow settings) asks
 * the staff list of the settings centre and shows phones; 'colleagues' (转办, 委派, 加签, 抄送, chosen
 * approvers, agents) asks GET /finobase/api/v1/users, which every staff member may call and which has no phones.
 */
export function StaffPicker({
  value: given,
  onChange,
  labels,
  lookup = 'org',
  valueKey = 'id',
  disabled,
}: {
  /** Undefined (an antd Form field not set yet) is no one. */
  value?: number[];
  /** `people`: the chosen staff this picker has searched for (their names), in the order of `ids`. */
  onChange: (ids: number[], people: { id: number; name: string }[]) => void;
  /** Names of already chosen staff the picker has not searched for (a saved record's). */
  labels?: Readonly<Record<number, string>>;
  lookup?: 'org' | 'colleagues';
  /** What the value holds: staff ids (default) or, with the 'org' lookup, user ids (员工额度's scopes). */
  valueKey?: 'id' | 'user_id';
  disabled?: boolean;
}) {
  // A staff row without a user id cannot be chosen by user id (never mix the two kinds of id).
  const keyOf = (s: Person) => (valueKey === 'user_id' ? (s.user_id ?? -1) : s.id);
  const value = given ?? [];
  const [options, setOptions] = useState<Person[]>([]);
  const [searching, setSearching] = useState(false);
  const [searched, setSearched] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const known = useRef(new Map<number, Person>());
  useEffect(() => () => clearTimeout(timer.current), []);

  const onSearch = (text: string) => {
    clearTimeout(timer.current);
    const keyword = text.trim();
    if (keyword.length < AUTOCOMPLETE.baseMinChars) {
      setSearched(false);
      return;
    }
    timer.current = setTimeout(async () => {
      setSearching(true);
      try {
        const query = { keyword, page_num: 1, page_size: 20 };
        const page: { items: Person[] } =
          lookup === 'colleagues'
            ? await orgApi.colleagues(query)
            : await orgApi.staff({ ...query, status: 1 });
        const usable = page.items.filter((s) => keyOf(s) > 0);
        usable.forEach((s) => known.current.set(keyOf(s), s));
        setOptions(usable);
      } catch {
        setOptions([]);
      } finally {
        setSearching(false);
        setSearched(true);
      }
    }, AUTOCOMPLETE.debounceMs);
  };

  const chosen = value.map((id) => known.current.get(id)).filter((s): s is Person => !!s);
  const unknown = value.filter((id) => !known.current.has(id) && labels?.[id]);
  const list = [...chosen, ...options.filter((o) => !value.includes(keyOf(o)))];
  return (
    <Select<number[]>
      mode="multiple"
      disabled={disabled}
      style={{ width: '100%' }}
      placeholder="输入姓名或手机号搜索（至少2个字符）"
      showSearch={{ onSearch, filterOption: false }}
      loading={searching}
      value={value}
      onChange={(ids) =>
        onChange(
          ids,
          ids.flatMap((id) => {
            const s = known.current.get(id);
            return s ? [{ id, name: staffName(s) }] : [];
          }),
        )
      }
      notFoundContent={searched ? '没有搜索到相关内容~' : null}
      options={[
        ...unknown.map((id) => ({ value: id, label: <span>{labels![id]}</span> })),
        ...list.map((s) => ({
          value: keyOf(s),
          label: (
            <span style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
              <span>
                {staffName(s)} <Typography.Text type="secondary">{s.phone}</Typography.Text>
              </span>
              <Typography.Text type="secondary">{s.dept_name || s.org_name}</Typography.Text>
            </span>
          ),
        })),
      ]}
      data-testid="staff-picker"
    />
  );
}
