import { describeCollectionContract } from './support/collection-contract';

/** The MTN MoMo adapter against the simulated MTN, every scenario, as a merchant sees it. */
describeCollectionContract('mtn');
