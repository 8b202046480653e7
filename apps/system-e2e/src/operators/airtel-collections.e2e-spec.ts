import { describeCollectionContract } from './support/collection-contract';

/** The Airtel Money adapter against the simulated Airtel, every scenario, as a merchant sees it. */
describeCollectionContract('airtel');
