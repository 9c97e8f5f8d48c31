import { describeIsolationMatrix } from './isolation-matrix.ts';

describeIsolationMatrix(3, 3);
