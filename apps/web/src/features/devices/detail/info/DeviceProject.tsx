import { Link } from 'react-router-dom';
import { projectDetail } from '@dcc/contract';
import { shownValue } from '../../../../components/emptyValue.ts';
import { useMayCall } from '../../../../session/mayCall.ts';
import { projectDetailPath } from '../../../projects/paths.ts';

/** The device's project: a link to its detail for those who may open projects, its name otherwise. */
export function DeviceProject({ projectId, projectName }: { projectId: string | null; projectName: string }) {
  const mayOpen = useMayCall(projectDetail);
  if (projectId === null || !mayOpen) return <span data-testid="device-project">{shownValue(projectName)}</span>;
  return (
    <Link to={projectDetailPath({ projectId, isCenControl: 'N' })} data-testid="device-project">
      {projectName}
    </Link>
  );
}
