import { Breadcrumb } from 'antd';
import { useLocation, useMatches, useNavigate, useParams } from 'react-router';
import { handleOf } from '@/platform/routeMeta';
import { breadcrumb, type CrumbSource } from '@/platform/routeRules';

/**
 * Titles of the matched routes separated by / (spec §2.4), with the add-mode titles of the project
 * and budget detail pages. A click navigates; the page's unsaved-change check (useUnsavedChanges)
 * runs first because it blocks every navigation away from the page.
 */
export function Breadcrumbs() {
  const matches = useMatches();
  const params = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const sources: CrumbSource[] = matches.map((m) => {
    const h = handleOf(m);
    return { title: h?.title, routePath: h?.path, target: h?.target ?? h?.path };
  });
  const crumbs = breadcrumb(sources, params, pathname);
  // A lone crumb (e.g. 工作台 on the workbench) says nothing the header does not already say.
  if (crumbs.length < 2) return null;
  return (
    <Breadcrumb
      className="fk-breadcrumb"
      separator="/"
      data-testid="breadcrumb"
      items={crumbs.map((c) =>
        c.to
          ? {
              title: (
                <a
                  href={c.to}
                  onClick={(e) => {
                    e.preventDefault();
                    navigate(c.to!);
                  }}
                >
                  {c.title}
                </a>
              ),
            }
          : { title: c.title },
      )}
    />
  );
}
