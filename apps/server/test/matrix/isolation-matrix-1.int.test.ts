import { describeIsolationMatrix } from './isolation-matrix.ts';

describeIsolationMatrix(1, 3);
