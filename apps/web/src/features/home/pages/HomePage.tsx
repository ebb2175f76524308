import { Avatar, Card, Result, Skeleton } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { isPersonalAccount, useSession } from '@/stores/session';
import { AnnouncementCard } from '../components/AnnouncementCard';
import { BannerCarousel } from '../components/BannerCarousel';
import { GuideCard, useGuideLoading } from '../components/GuideCard';
import { JoinOrCreateCard } from '../components/JoinOrCreateCard';
import {
  BalanceCard,
  LatestNotices,
  PendingTiles,
  RecentTasks,
  SpendCard,
  VersionCard,
} from '../components/WorkbenchBlocks';
import { unreadQuery } from '@/features/notify';
import { BenefitWorkbench, isBenefitUi } from '@/features/welfare';
import { BalanceWarning } from '@/features/orgAccount';
import { homeKeys, workbenchQuery } from '../hooks/home';
import { flagOn, greetingOf, todayText } from '../rules';
import '../home.css';

/**
 * home/Home at /home/index: the interface type of the session picks the home (spec §1, decision 0046) —
 * 福利首页 for welfare and shop_welfare tenants, the 费控 工作台 otherwise.
 */
export default function HomePage() {
  const uiType = useSession((s) => s.ui_type);
  return isBenefitUi(uiType) ? <BenefitHome /> : <WorkbenchHome />;
}

/** 福利首页: the greeting, then the benefit blocks (features/welfare). */
function BenefitHome() {
  const session = useSession();
  const name = session.username || session.phone;
  return (
    <div className="fk-home" data-testid="home-page">
      <Hero name={name} org={session.top_org_name} />
      <BenefitWorkbench />
    </div>
  );
}

function Hero({ name, org }: { name: string; org: string }) {
  return (
    <Card className="fk-home-hero" data-testid="home-greeting">
      <div className="fk-home-hero-inner">
        <Avatar size={56} className="fk-home-avatar">
          {name.slice(0, 1)}
        </Avatar>
        <div className="fk-home-hero-text">
          <div className="fk-home-hello">
            {greetingOf()}，{name}
          </div>
          <div className="fk-home-hero-meta">
            <span>{org || '未加入组织'}</span>
            <span>{todayText()}</span>
          </div>
        </div>
      </div>
    </Card>
  );
}

/**
 * 工作台 (费控): the greeting, what is pending (workbench endpoint), the guide, the
 * banners, the latest notifications, the version and add-on balances, recent tasks. Only blocks with
 * real data are drawn — a block whose data the server does not give is left out.
 */
function WorkbenchHome() {
  const session = useSession();
  const personal = isPersonalAccount(session);
  const wb = useQuery({ ...workbenchQuery(session.token), enabled: !!session.token });
  useRefreshOnNews(session.token);
  // The session's flags (from the login reply) until the workbench's own arrive: the guide is asked at once.
  const flags = wb.data ?? session;
  const guideLoading = useGuideLoading(
    !personal && (flagOn(flags.show_guide_group) || flagOn(flags.show_guide)),
  );

  if (wb.isPending || (wb.isSuccess && guideLoading)) {
    return (
      <div className="fk-home">
        <Card>
          <Skeleton active avatar paragraph={{ rows: 2 }} />
        </Card>
      </div>
    );
  }
  if (wb.isError) {
    return (
      <Card>
        <Result status="warning" title="工作台加载失败" subTitle="请检查网络后刷新页面重试。" />
      </Card>
    );
  }
  const data = wb.data;
  const name = data.user_name || session.username || session.phone;
  const org = data.top_org_name || session.top_org_name;
  const showGuide = !personal && (flagOn(data.show_guide_group) || flagOn(data.show_guide));

  return (
    <div className="fk-home" data-testid="home-page">
      <Hero name={name} org={org} />
      {data.org_balance_warning && <BalanceWarning warning={data.org_balance_warning} />}
      {showGuide && <GuideCard />}
      {personal && <JoinOrCreateCard phone={session.phone} />}
      <div className="fk-home-grid">
        <div className="fk-home-col">
          <PendingTiles data={data} />
          {!personal && <BannerCarousel />}
          <LatestNotices />
        </div>
        <div className="fk-home-col fk-home-side">
          {!personal && <AnnouncementCard />}
          {data.spend && <SpendCard spend={data.spend} />}
          {data.version && <VersionCard version={data.version} />}
          {!personal && <BalanceCard />}
          {data.tasks && <RecentTasks tasks={data.tasks.recent} />}
        </div>
      </div>
    </div>
  );
}

/** A new notification usually means a task finished or an order moved: the counts are fetched again. */
function useRefreshOnNews(token: string) {
  const client = useQueryClient();
  // Reads the bell's count from the cache (the bell fetches it and the stream keeps it current).
  const unread = useQuery({ ...unreadQuery(token), enabled: false }).data;
  const last = useRef(unread);
  useEffect(() => {
    if (unread !== undefined && last.current !== undefined && unread > last.current) {
      void client.invalidateQueries({ queryKey: homeKeys.workbench(token) });
    }
    last.current = unread;
  }, [unread, client, token]);
}
