import { describeIsolationMatrix } from './isolation-matrix.ts';

describeIsolationMatrix(2, 3);
