import { Button, Carousel, Modal } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useContext, useState } from 'react';
import { useNavigate } from 'react-router';
import { formatDateTime } from '@feikong/contracts';
import type { Banner } from '@/api/rights';
import { usePrefersReducedMotion } from '@/platform/providers';
import { RouterMenusContext } from '@/platform/routerContext';
import { hasMenuPath } from '@/platform/routeRules';
import { bannersQuery } from '@/features/rights';
import { bannerJump } from '../rules';

/** The home banners (GET /app-ctrl/api/v1/banner/pc:list); none → nothing drawn. A click opens the detail. */
export function BannerCarousel() {
  const banners = useQuery(bannersQuery);
  const [detail, setDetail] = useState<Banner | null>(null);
  // 减少动态效果: the banners stay put (the dots still switch them). Autoplay also repaints every frame.
  const still = usePrefersReducedMotion();
  const items = banners.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <div className="fk-home-banners" data-testid="home-banners">
      <Carousel autoplay={still ? false : { dotDuration: true }} autoplaySpeed={5000} draggable>
        {items.map((b) => (
          <div key={b.id}>
            <button type="button" className="fk-home-banner" onClick={() => setDetail(b)} title={b.title}>
              <img src={b.image_url} alt={b.title} />
            </button>
          </div>
        ))}
      </Carousel>
      <BannerDetail banner={detail} onClose={() => setDetail(null)} />
    </div>
  );
}

/** 横幅详情: the picture, what it is, how long it runs, and where it leads (spec home: banner detail). */
function BannerDetail({ banner, onClose }: { banner: Banner | null; onClose: () => void }) {
  const navigate = useNavigate();
  const { tree } = useContext(RouterMenusContext);
  const jump = banner ? bannerJump(banner.link, (p) => hasMenuPath(tree, p)) : null;
  const go = () => {
    if (!jump) return;
    onClose();
    if (jump.kind === 'route') navigate(jump.to);
    else window.open(jump.href, '_blank', 'noopener,noreferrer');
  };
  return (
    <Modal
      open={banner !== null}
      onCancel={onClose}
      title="活动详情"
      width={720}
      footer={
        jump ? (
          <Button type="primary" onClick={go}>
            {jump.kind === 'route' ? '立即前往' : '打开链接'}
          </Button>
        ) : (
          <Button onClick={onClose}>知道了</Button>
        )
      }
      destroyOnHidden
    >
      {banner && (
        <div className="fk-home-banner-detail" data-testid="banner-detail">
          <img src={banner.image_url} alt={banner.title} />
          <h3>{banner.title}</h3>
          <div className="fk-home-muted">
            活动时间：{formatDateTime(banner.start_time, 'YYYY-MM-DD')} 至{' '}
            {formatDateTime(banner.end_time, 'YYYY-MM-DD')}
          </div>
        </div>
      )}
    </Modal>
  );
}
