import { CheckCircleFilled, RocketOutlined } from '@ant-design/icons';
import { App, Button, Card, Steps } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useContext } from 'react';
import { useNavigate } from 'react-router';
import { homeApi } from '@/api/home';
import { RouterMenusContext } from '@/platform/routerContext';
import { hasMenuPath } from '@/platform/routeRules';
import { setSession, useSession } from '@/stores/session';
import { guideQuery, homeKeys } from '../hooks/home';
import { GUIDE_STEP_PATHS } from '../rules';

/**
 * True while a guide that will be drawn is still fetching its steps. The workbench waits for it (the
 * request runs beside the workbench's own), else the card would appear late and push the page down.
 */
export function useGuideLoading(show: boolean): boolean {
  const { tree } = useContext(RouterMenusContext);
  const token = useSession((s) => s.token);
  const canManage = Object.values(GUIDE_STEP_PATHS).some((p) => hasMenuPath(tree, p));
  const enabled = show && !!token && canManage;
  const guide = useQuery({ ...guideQuery(token), enabled });
  return enabled && guide.isPending;
}

/**
 * 企业初始化引导 (spec home: guide): shown while show_guide / show_guide_group is on, to people who can
 * reach the organisation screens; the steps and their state come from users:enterprise/guide/info.
 * 完成引导 → users:guide/finish clears the flags.
 */
export function GuideCard() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { tree } = useContext(RouterMenusContext);
  const token = useSession((s) => s.token);
  const canManage = Object.values(GUIDE_STEP_PATHS).some((p) => hasMenuPath(tree, p));
  const guide = useQuery({ ...guideQuery(token), enabled: !!token && canManage });
  const finish = useMutation({
    mutationFn: () => homeApi.finishGuide(),
    onSuccess: (r) => {
      setSession({ show_guide: r.show_guide, show_guide_group: r.show_guide_group });
      void client.invalidateQueries({ queryKey: homeKeys.workbench(token) });
      void message.success('引导已完成');
    },
  });
  if (!canManage || !guide.data) return null;
  const steps = guide.data.steps ?? [];
  if (steps.length === 0) return null;
  const doneCount = steps.filter((s) => s.done).length;
  const current = steps.findIndex((s) => !s.done);

  return (
    <Card
      className="fk-home-guide"
      data-testid="home-guide"
      title={
        <span>
          <RocketOutlined style={{ color: '#1f6fff' }} /> 企业初始化引导
        </span>
      }
      extra={
        <span className="fk-home-muted">
          已完成 {doneCount}/{steps.length}
        </span>
      }
    >
      <div className="fk-home-guide-body">
        <Steps
          className="fk-home-guide-steps"
          current={current === -1 ? steps.length : current}
          items={steps.map((s) => {
            const path = GUIDE_STEP_PATHS[s.key];
            const link = path && hasMenuPath(tree, path) ? path : null;
            return {
              title: s.title,
              status: s.done ? 'finish' : undefined,
              icon: s.done ? <CheckCircleFilled /> : undefined,
              content: s.done ? (
                '已完成'
              ) : link ? (
                <Button type="link" size="small" style={{ padding: 0 }} onClick={() => navigate(link)}>
                  去设置
                </Button>
              ) : (
                '待完成'
              ),
            };
          })}
        />
        <Button
          type={current === -1 ? 'primary' : 'default'}
          loading={finish.isPending}
          onClick={() => finish.mutate()}
        >
          完成引导
        </Button>
      </div>
    </Card>
  );
}
