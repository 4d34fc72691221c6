import { Link } from '@tanstack/react-router';

import { useCan } from '../../api/session';
import { CatalogNav } from '../../components/catalog-nav';
import { Button } from '../../components/ui/button';
import { CategoryLevel } from './tree';

/** The category tree: the roots first, each level opened on demand. */
export function CategoriesScreen() {
  const can = useCan();
  return (
    <>
      <CatalogNav />
      <div className="flex items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold">Categories</h1>
        {can('categories.create') && (
          <Button asChild>
            <Link to="/categories/new">New category</Link>
          </Button>
        )}
      </div>
      <CategoryLevel />
    </>
  );
}
